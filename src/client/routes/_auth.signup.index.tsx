import { createFileRoute } from '@tanstack/react-router'
import { SignUpPage } from '~/client/features/auth/components/sign-up-page'

export const Route = createFileRoute('/_auth/signup/')({ component: SignUpPage })
