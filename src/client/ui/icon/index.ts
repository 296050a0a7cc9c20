export * as Icon from './icon'
