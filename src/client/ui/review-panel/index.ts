export * as ReviewPanel from './review-panel'
