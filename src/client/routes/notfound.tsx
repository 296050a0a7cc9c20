import { createFileRoute } from '@tanstack/react-router'
import { NotFoundPage } from '~/client/features/not-found/not-found-page'

export const Route = createFileRoute('/notfound')({ component: NotFoundPage })
