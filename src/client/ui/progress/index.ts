export * as Progress from './progress'
