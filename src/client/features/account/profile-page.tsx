import { css } from 'styled-system/css'
import { useSession } from '~/client/lib/session'
import { DangerZone } from './components/danger-zone'
import { ProfileForm } from './components/profile-form'

const stack = css({ display: 'flex', flexDirection: 'column', gap: '8', maxW: '2xl' })

/** /account/profile. */
export function ProfilePage() {
  const { user } = useSession()
  if (!user) return null
  return (
    <div className={stack}>
      <ProfileForm key={user.account_id} user={user} />
      <DangerZone />
    </div>
  )
}
