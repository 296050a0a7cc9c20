import { createContext, useContext } from 'react'

// Options a layout passes down to its rail and menu (one variant links the account
// item to /account/profile).
export interface NavOptions {
  accountTo?: string
}

export const NavOptionsContext = createContext<NavOptions>({})
export const useNavOptions = () => useContext(NavOptionsContext)
