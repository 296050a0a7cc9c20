export * as CardDisplay from './card-display'
