import { popoverAnatomy } from '@ark-ui/react/anatomy'
import { sva } from 'styled-system/css'

// Ark Popover's parts plus the widget's own: the face picker and the comment form.
export const feedbackAnatomy = popoverAnatomy.extendWith(
  'faces',
  'face',
  'form',
  'field',
  'fieldLabel',
  'textarea',
  'errorText',
  'thanks',
)

export const feedbackRecipe = sva({
  slots: feedbackAnatomy.keys(),
  base: {
    trigger: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      borderRadius: 'full',
      bg: 'accent',
      color: 'accent.fg',
      cursor: 'pointer',
      transition: 'transform 150ms',
      _hover: { transform: 'scale(1.05)' },
      _motionReduce: { transition: 'none', _hover: { transform: 'none' } },
      focusRing: 'outside',
    },
    // On the content: Zag's positioner copies the content's z-index inline (see ui/select.tsx).
    content: {
      zIndex: 'popover',
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
      width: 'min(22rem, calc(100vw - 2rem))',
      padding: '5',
      bg: 'bg',
      color: 'fg',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'lg',
      boxShadow: 'xl',
      focusRing: 'outside',
    },
    title: { fontSize: 'md', fontWeight: 'semibold', paddingEnd: '8' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    closeTrigger: {
      position: 'absolute',
      top: '3',
      insetEnd: '3',
      layerStyle: 'iconButton',
      padding: '1',
      focusRing: 'outside',
    },
    faces: { display: 'flex', justifyContent: 'space-around', gap: '2' },
    face: {
      display: 'inline-flex',
      flexDirection: 'column',
      alignItems: 'center',
      gap: '1',
      paddingX: '3',
      paddingY: '2',
      borderRadius: 'md',
      borderWidth: '2px',
      borderColor: 'transparent',
      color: 'fg.muted',
      fontSize: 'xs',
      cursor: 'pointer',
      _hover: { bg: 'bg.muted', color: 'fg' },
      focusRing: 'outside',
      '&[aria-pressed=true]': { borderColor: 'accent', color: 'accent', bg: 'accent.subtle' },
    },
    form: {
      display: 'flex',
      flexDirection: 'column',
      gap: '3',
      // A submitting form is dimmed and non-interactive.
      '&[aria-busy=true]': { opacity: 0.6, pointerEvents: 'none' },
    },
    field: { display: 'flex', flexDirection: 'column', gap: '1.5' },
    fieldLabel: { fontSize: 'sm', fontWeight: 'medium' },
    textarea: {
      minHeight: '24',
      padding: '2',
      layerStyle: 'inputSkin',
      resize: 'vertical',
    },
    errorText: { fontSize: 'sm', color: 'danger', fontWeight: 'medium' },
    thanks: { display: 'flex', alignItems: 'center', gap: '2', color: 'success', fontWeight: 'medium' },
  },
  variants: {
    placement: {
      // A fixed heart button at the bottom right. Above the page and its sticky bar,
      // under backdrops and dialogs (a drawer or dialog covers it) and the toast region (1002).
      // Only from md up: on a phone a fixed button sits on whatever a page's primary button
      // is scrolled under it ("Finish", "Change URL"), so there the heart is in the top bar.
      floating: {
        trigger: {
          display: { base: 'none', md: 'inline-flex' },
          position: 'fixed',
          insetEnd: '6',
          bottom: '6',
          zIndex: 'docked',
          width: '12',
          height: '12',
          boxShadow: 'lg',
        },
      },
      // In the phone top bar (layouts/shell.tsx), beside the user menu.
      bar: { trigger: { width: '9', height: '9' } },
    },
  },
  defaultVariants: { placement: 'floating' },
})
