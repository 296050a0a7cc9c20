import { queryOptions } from '@tanstack/react-query'
import { getData } from './http'

// GET /api/account/plans (spec §7): shared by plan choice and the dashboard (features never
// import each other). Plan names, prices and features come from the server (spec §9).
export interface Plan {
  id: string
  name: string
  type: string
  price: number
  currency: string
  currency_symbol: string
  interval: string | null
  features: { name: string }[]
}

export const plansQuery = () =>
  queryOptions({
    queryKey: ['account', 'plans'],
    queryFn: ({ signal }) => getData<{ plans: Plan[]; active: string | null }>('account/plans', { signal }),
  })
