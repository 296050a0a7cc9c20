// The heading block of auth screens lives with the auth layout (layouts/auth-heading.tsx), so the
// billing feature's /signup/plan screen shares it; auth screens keep importing it from here.
export { AuthHeading, authFooter, formRow } from '~/client/layouts/auth-heading'
