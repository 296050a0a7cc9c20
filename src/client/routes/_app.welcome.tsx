import { createFileRoute } from '@tanstack/react-router'
import { WelcomePage } from '~/client/features/welcome/welcome-page'

export const Route = createFileRoute('/_app/welcome')({ component: WelcomePage })
