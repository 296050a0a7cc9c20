export * as DataTable from './data-table'
