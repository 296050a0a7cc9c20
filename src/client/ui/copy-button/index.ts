export * as CopyButton from './copy-button'
