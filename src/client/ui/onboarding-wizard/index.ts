export * as OnboardingWizard from './onboarding-wizard'
