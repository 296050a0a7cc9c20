import { AccountHub } from './components/account-hub'

/** /account (spec §2): the hub; its title and breadcrumbs come from the account layout. */
export function AccountPage() {
  return <AccountHub />
}
