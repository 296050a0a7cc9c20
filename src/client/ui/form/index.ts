// The form kit: `import * as Form from '~/client/ui/form'` → <Form.Root>, <Form.Email>, <Form.Submit>…
export { Root, type RootProps } from './root'
export { Text, Email, Password, Hidden, CheckboxField as Checkbox, Radio, type RadioOption } from './fields'
export { Submit } from './submit'
export { validationMessages } from './messages'
export { Rating, RATING_STARS } from './rating'
export { DateField as Date, NEXT_AVAILABLE_DAY_CAP, toIsoDate, fromIsoDate, longDate } from './date'
export { Textarea } from './textarea'
export { Url, URL_PATTERN, urlPattern } from './url'
