import { createFileRoute } from '@tanstack/react-router'
import { AuthLayout } from '~/client/layouts/auth-layout'

export const Route = createFileRoute('/_auth')({ component: AuthLayout })
