import { AccountHub } from './components/account-hub'

/** /account: the hub; its title and breadcrumbs come from the account layout. */
export function AccountPage() {
  return <AccountHub />
}
