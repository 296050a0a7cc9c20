export * as CardGrid from './card-grid'
