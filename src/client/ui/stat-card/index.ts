export * as StatCard from './stat-card'
