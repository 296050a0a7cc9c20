// The form kit: `import * as Form from '~/client/ui/form'` → <Form.Root>, <Form.Email>, <Form.Submit>…
export { Root, type RootProps } from './root'
export { Text, Email, Password, Hidden, CheckboxField as Checkbox, Radio, type RadioOption } from './fields'
export { Submit } from './submit'
export { validationMessages } from './messages'
