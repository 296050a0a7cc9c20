import type { Locale } from '~/shared/schemas/common'

// Server-side messages (decisions §2: Accept-Language picks the language of server messages
// and mails). The client's strings live in Lingui catalogs; the server's are these two tables,
// kept key-for-key equal by tests/unit/server-i18n.test.ts.

const en = {
  'error.generic': 'Something went wrong. Please try again.',
  'error.not_found': 'Not found',
  'error.unauthorized': 'Please sign in to continue',
  'error.forbidden': 'You do not have permission to do that',
  'error.rate_limited': 'Too many attempts. Please try again in {minutes} minutes.',
  'error.body_too_large': 'The request is too large',
  'error.invalid_json': 'The request body is not valid JSON',
  'error.bad_request': 'The request is invalid',
  'auth.invalid_credentials': 'Invalid email or password',
  'auth.account_disabled': 'This user has been disabled',
  'auth.token_invalid': 'This link is invalid or has expired',
  'auth.otp_invalid': 'That code is not valid',
  'auth.signed_out': 'You have been signed out',
  'auth.magic_sent': 'If that email has an account, a sign-in link is on its way',
  'auth.reset_sent': 'If that email has an account, a reset link is on its way',
  'auth.password_reset': 'Your password has been reset',
  'auth.verify_sent': 'A verification email is on its way',
  'auth.verified': 'Your email address is verified',
  'auth.already_verified': 'Your email address is already verified',
  'account.created': 'Your account has been created',
  'account.not_member': 'You are not a member of that account',
  'plan.unknown': 'That plan does not exist',
  'plan.payment_required': 'This plan needs a card: upgrade to continue',
  'plan.updated': 'Your plan has been updated',
  'user.updated': 'Your profile has been updated',
  'user.email_taken': 'That email address is already in use',
  'user.owner_only': 'Only the account owner can change the account name',
  'event.recorded': 'Event recorded',
  'validation.email.required': 'Please enter your email address',
  'validation.email.invalid': 'Please enter a valid email address',
  'validation.password.required': 'Please enter a password',
  'validation.password.min_length': 'Password must be at least 8 characters',
  'validation.password.max_length': 'Password must be at most 200 characters',
  'validation.password.special': 'Password must contain at least one special character',
  'validation.password.mismatch': 'Passwords do not match',
  'validation.name.required': 'Please enter your name',
  'validation.name.max_length': 'Name must be at most 100 characters',
  'validation.slug.invalid': 'URLs can only contain letters and numbers',
  'validation.slug.reserved': 'That URL is reserved: please choose another',
  'url.taken': 'That URL is already taken',
  'url.updated': 'Your public URL has changed. The old link no longer works.',
  'validation.locale.invalid': 'Language must be en or es',
  'validation.token.required': 'A token is required',
  'validation.token.invalid': 'The token is invalid',
  'validation.otp.required': 'Please enter the code',
  'validation.otp.invalid': 'The code must be 6 digits',
  'validation.event.name': 'Event name is invalid',
  'validation.user.unknown_field': 'Unknown field',
  'validation.invalid': 'This value is invalid',
  'validation.required': 'This field is required',
  'validation.plan.required': 'Please choose a plan',
  'mail.verify.subject': 'Verify your email address',
  'mail.verify.body': 'Hi {name}, please confirm your email address for your TBR list by opening this link:',
  'mail.verify.action': 'Verify email',
  'mail.magic.subject': 'Your sign-in link',
  'mail.magic.body': 'Hi {name}, open this link within one hour to sign in to your TBR list:',
  'mail.magic.action': 'Sign in',
  'mail.reset.subject': 'Reset your password',
  'mail.reset.body': 'Hi {name}, open this link within one hour to choose a new password:',
  'mail.reset.action': 'Reset password',
  'mail.ignore': 'If you did not ask for this, you can ignore this email.',
  'mail.invite.subject': 'You have been invited to {account}',
  'mail.invite.body': '{inviter} invited you to join {account} on TBR. Open this link to accept:',
  'mail.invite.action': 'Accept invite',
  'feedback.sent': 'Thank you for your feedback!',
  'validation.feedback.rating': 'Please choose how you feel: positive, neutral or negative',
  'validation.feedback.comment_max_length': 'Comment must be at most 2000 characters',
} as const

export type MessageKey = keyof typeof en

const es: Record<MessageKey, string> = {
  'error.generic': 'Algo salió mal. Inténtalo de nuevo.',
  'error.not_found': 'No encontrado',
  'error.unauthorized': 'Inicia sesión para continuar',
  'error.forbidden': 'No tienes permiso para hacer eso',
  'error.rate_limited': 'Demasiados intentos. Vuelve a intentarlo en {minutes} minutos.',
  'error.body_too_large': 'La solicitud es demasiado grande',
  'error.invalid_json': 'El cuerpo de la solicitud no es JSON válido',
  'error.bad_request': 'La solicitud no es válida',
  'auth.invalid_credentials': 'Correo o contraseña incorrectos',
  'auth.account_disabled': 'Este usuario ha sido desactivado',
  'auth.token_invalid': 'Este enlace no es válido o ha caducado',
  'auth.otp_invalid': 'Ese código no es válido',
  'auth.signed_out': 'Has cerrado sesión',
  'auth.magic_sent': 'Si ese correo tiene una cuenta, te enviamos un enlace para entrar',
  'auth.reset_sent': 'Si ese correo tiene una cuenta, te enviamos un enlace para restablecerla',
  'auth.password_reset': 'Tu contraseña se ha restablecido',
  'auth.verify_sent': 'Te enviamos un correo de verificación',
  'auth.verified': 'Tu correo está verificado',
  'auth.already_verified': 'Tu correo ya estaba verificado',
  'account.created': 'Tu cuenta se ha creado',
  'account.not_member': 'No eres miembro de esa cuenta',
  'plan.unknown': 'Ese plan no existe',
  'plan.payment_required': 'Este plan necesita una tarjeta: mejora tu plan para continuar',
  'plan.updated': 'Tu plan se ha actualizado',
  'user.updated': 'Tu perfil se ha actualizado',
  'user.email_taken': 'Ese correo ya está en uso',
  'user.owner_only': 'Solo el propietario puede cambiar el nombre de la cuenta',
  'event.recorded': 'Evento registrado',
  'validation.email.required': 'Introduce tu correo electrónico',
  'validation.email.invalid': 'Introduce un correo electrónico válido',
  'validation.password.required': 'Introduce una contraseña',
  'validation.password.min_length': 'La contraseña debe tener al menos 8 caracteres',
  'validation.password.max_length': 'La contraseña debe tener como máximo 200 caracteres',
  'validation.password.special': 'La contraseña debe contener al menos un carácter especial',
  'validation.password.mismatch': 'Las contraseñas no coinciden',
  'validation.name.required': 'Introduce tu nombre',
  'validation.name.max_length': 'El nombre debe tener como máximo 100 caracteres',
  'validation.slug.invalid': 'Las URL solo pueden contener letras y números',
  'validation.slug.reserved': 'Esa URL está reservada: elige otra',
  'url.taken': 'Esa URL ya está en uso',
  'url.updated': 'Tu URL pública ha cambiado. El enlace anterior ya no funciona.',
  'validation.locale.invalid': 'El idioma debe ser en o es',
  'validation.token.required': 'Falta el token',
  'validation.token.invalid': 'El token no es válido',
  'validation.otp.required': 'Introduce el código',
  'validation.otp.invalid': 'El código debe tener 6 dígitos',
  'validation.event.name': 'El nombre del evento no es válido',
  'validation.user.unknown_field': 'Campo desconocido',
  'validation.invalid': 'Este valor no es válido',
  'validation.required': 'Este campo es obligatorio',
  'validation.plan.required': 'Elige un plan',
  'mail.verify.subject': 'Verifica tu correo electrónico',
  'mail.verify.body': 'Hola {name}, confirma tu correo para tu lista TBR abriendo este enlace:',
  'mail.verify.action': 'Verificar correo',
  'mail.magic.subject': 'Tu enlace para entrar',
  'mail.magic.body': 'Hola {name}, abre este enlace en menos de una hora para entrar en tu lista TBR:',
  'mail.magic.action': 'Entrar',
  'mail.reset.subject': 'Restablece tu contraseña',
  'mail.reset.body': 'Hola {name}, abre este enlace en menos de una hora para elegir una contraseña nueva:',
  'mail.reset.action': 'Restablecer contraseña',
  'mail.ignore': 'Si no lo pediste, puedes ignorar este correo.',
  'mail.invite.subject': 'Te han invitado a {account}',
  'mail.invite.body': '{inviter} te invitó a unirte a {account} en TBR. Abre este enlace para aceptar:',
  'mail.invite.action': 'Aceptar invitación',
  'feedback.sent': '¡Gracias por tu opinión!',
  'validation.feedback.rating': 'Elige cómo te sientes: positivo, neutral o negativo',
  'validation.feedback.comment_max_length': 'El comentario debe tener como máximo 2000 caracteres',
}

export const catalogs: Record<Locale, Record<MessageKey, string>> = { en, es }

export function isMessageKey(key: string): key is MessageKey {
  return key in en
}

export function translate(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = catalogs[locale][key] ?? en[key]
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`))
}

/** Picks en or es from an Accept-Language header (decisions §2), falling back to en. */
export function localeFromHeader(header: string | undefined | null): Locale {
  if (!header) return 'en'
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? ''
    if (tag.startsWith('es')) return 'es'
    if (tag.startsWith('en')) return 'en'
  }
  return 'en'
}
