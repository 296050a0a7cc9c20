export * as Feedback from './feedback'
