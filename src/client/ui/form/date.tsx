import {
  DatePicker,
  parseDate,
  type DatePickerDateView,
  type DateValue,
  type UseDatePickerReturn,
} from '@ark-ui/react/date-picker'
import { Portal } from '~/client/ui/portal'
import { useLingui } from '@lingui/react/macro'
import { CalendarDays, ChevronLeft, ChevronRight, X } from 'lucide-react'
import { useId, useMemo, type ReactNode } from 'react'
import { Controller, useFormContext } from 'react-hook-form'
import { css, sva } from 'styled-system/css'
import * as Field from '../field'
import { useVisibleField } from './context'
import { useFieldError } from './messages'

/** A search for the next selectable day gives up after this many steps. */
export const NEXT_AVAILABLE_DAY_CAP = 365

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** The date input returns year-month-day text, zero-padded. */
export function toIsoDate(d: { year: number; month: number; day: number }): string {
  return `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`
}

/** A calendar value for `YYYY-MM-DD` text; null for anything else (including impossible dates). */
export function fromIsoDate(text: unknown): DateValue | null {
  if (typeof text !== 'string' || !ISO_DATE.test(text)) return null
  try {
    const d = parseDate(text)
    return toIsoDate(d) === text ? d : null
  } catch {
    return null
  }
}

/** The chosen date in long form in the UI language ("March 4, 2024", "4 de marzo de 2024"). */
export function longDate(text: string, locale: string): string {
  const d = fromIsoDate(text)
  if (!d) return text
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(d.year, d.month - 1, d.day)))
}

/**
 * The first day from `from` (inclusive) that is not unavailable, stepping `step` days at a time;
 * null when none is found within NEXT_AVAILABLE_DAY_CAP steps, so a calendar where
 * every day is blocked cannot hang the page.
 */
export function nextAvailableDate(from: DateValue, isUnavailable: (d: DateValue) => boolean, step: 1 | -1 = 1): DateValue | null {
  let d = from
  for (let i = 0; i <= NEXT_AVAILABLE_DAY_CAP; i++) {
    if (!isUnavailable(d)) return d
    d = d.add({ days: step })
  }
  return null
}

const recipe = sva({
  slots: ['control', 'trigger', 'placeholder', 'clear', 'content', 'header', 'nav', 'viewTrigger', 'table', 'head', 'cell', 'cellTrigger'],
  base: {
    control: { display: 'flex', alignItems: 'center', gap: '1' },
    trigger: {
      flex: '1',
      minW: 0,
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2',
      layerStyle: 'input',
      textAlign: 'start',
      cursor: 'pointer',
      '& svg': { color: 'fg.muted', flexShrink: 0 },
      '& > span': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
      _disabled: { opacity: 0.6, cursor: 'not-allowed' },
    },
    placeholder: { color: 'fg.muted' },
    clear: {
      layerStyle: 'iconButton',
      w: '10',
      h: '10',
      flexShrink: 0,
    },
    content: {
      layerStyle: 'popover',
      borderRadius: 'lg',
      p: '3',
      w: '18rem',
      maxW: 'calc(100vw - 1rem)',
    },
    header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '1', mb: '2' },
    nav: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      w: '9',
      h: '9',
      borderRadius: 'md',
      cursor: 'pointer',
      _hover: { bg: 'bg.muted' },
      _disabled: { opacity: 0.4, cursor: 'not-allowed' },
    },
    viewTrigger: {
      flex: '1',
      h: '9',
      borderRadius: 'md',
      fontWeight: 'semibold',
      fontSize: 'sm',
      cursor: 'pointer',
      _hover: { bg: 'bg.muted' },
    },
    table: { w: 'full', borderCollapse: 'collapse' },
    head: { fontSize: 'xs', fontWeight: 'medium', color: 'fg.muted', h: '8', textTransform: 'capitalize' },
    cell: { p: '0.5', textAlign: 'center' },
    cellTrigger: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      w: 'full',
      minW: '9',
      h: '9',
      fontSize: 'sm',
      borderRadius: 'md',
      cursor: 'pointer',
      textTransform: 'capitalize',
      _hover: { bg: 'bg.muted' },
      '&[data-outside-range]': { color: 'fg.muted', opacity: 0.6 },
      '&[data-today]': { fontWeight: 'bold', color: 'accent', textDecoration: 'underline', textUnderlineOffset: '3px' },
      '&[data-selected]': { bg: 'accent', color: 'accent.fg', _hover: { bg: 'accent.hover' } },
      '&[data-disabled]': { opacity: 0.4, cursor: 'not-allowed' },
      '&[data-unavailable]': { opacity: 0.4, cursor: 'not-allowed', textDecoration: 'line-through' },
      '&[data-outside-range][data-disabled]': { opacity: 0.45, cursor: 'default' },
    },
  },
})

const labelStyle = css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg' })

export interface DateFieldProps {
  /** The API field name; the value is `YYYY-MM-DD` text, '' when empty. */
  name: string
  label: ReactNode
  helperText?: ReactNode
  required?: boolean
  /** Inclusive bounds as `YYYY-MM-DD`. */
  min?: string
  max?: string
  /** Days that cannot be chosen; the calendar opens on the nearest available day (capped). */
  isDateUnavailable?: (date: DateValue) => boolean
}

/**
 * Date: a button that opens a calendar (Ark DatePicker). The button shows the chosen
 * date in long form in the UI language, or the placeholder `global.form.date.placeholder`; the
 * value sent is zero-padded `YYYY-MM-DD` text carried by a hidden input with the field's name.
 */
export function DateField({ name, label, helperText, required, min, max, isDateUnavailable }: DateFieldProps) {
  useVisibleField(name)
  const { t, i18n } = useLingui()
  const { control } = useFormContext()
  const error = useFieldError(name)
  const styles = recipe()
  const labelId = useId()
  const valueId = useId()
  const errorId = useId()
  const locale = i18n.locale || 'en'
  const minValue = fromIsoDate(min) ?? undefined
  const maxValue = fromIsoDate(max) ?? undefined
  const placeholder = t({ id: 'global.form.date.placeholder', message: 'Pick a date' })
  const translations = useMemo(
    () => ({
      dayCell: (s: { valueText: string; selected: boolean; unavailable: boolean }) =>
        s.unavailable ? t`Not available: ${s.valueText}` : s.selected ? t`Selected: ${s.valueText}` : s.valueText,
      trigger: (open: boolean) => (open ? t`Close calendar` : t`Open calendar`),
      prevTrigger: (view: string) => (view === 'day' ? t`Previous month` : view === 'month' ? t`Previous year` : t`Previous decade`),
      nextTrigger: (view: string) => (view === 'day' ? t`Next month` : view === 'month' ? t`Next year` : t`Next decade`),
      content: t`Calendar`,
      monthSelect: t`Month`,
      yearSelect: t`Year`,
      clearTrigger: t`Clear date`,
    }),
    [t],
  )

  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => {
        const text = typeof field.value === 'string' ? field.value : ''
        const value = fromIsoDate(text)
        const focusStart = isDateUnavailable && !value ? todayIn(minValue) : undefined
        const defaultFocusedValue = focusStart && isDateUnavailable ? (nextAvailableDate(focusStart, isDateUnavailable) ?? undefined) : undefined
        return (
          <Field.Root invalid={!!error} required={required}>
            <DatePicker.Root
              value={value ? [value] : []}
              onValueChange={(e) => {
                const next = e.value[0]
                field.onChange(next ? toIsoDate(next) : '')
              }}
              onOpenChange={(e) => {
                if (!e.open) field.onBlur()
              }}
              locale={locale}
              min={minValue}
              max={maxValue}
              isDateUnavailable={isDateUnavailable}
              defaultFocusedValue={defaultFocusedValue}
              closeOnSelect
              invalid={!!error}
              translations={translations as never}
              positioning={{ placement: 'bottom-start' }}
              lazyMount
              unmountOnExit
            >
              <span id={labelId} className={labelStyle}>
                {label}
              </span>
              <DatePicker.Control className={styles.control}>
                <DatePicker.Trigger
                  ref={field.ref}
                  className={styles.trigger}
                  aria-labelledby={`${labelId} ${valueId}`}
                  aria-describedby={error ? errorId : undefined}
                  aria-invalid={error ? true : undefined}
                >
                  <CalendarDays aria-hidden size={18} />
                  <span id={valueId} className={value ? undefined : styles.placeholder}>
                    {value ? longDate(text, locale) : placeholder}
                  </span>
                </DatePicker.Trigger>
                {value && (
                  <DatePicker.ClearTrigger className={styles.clear} aria-label={t`Clear date`} title={t`Clear date`}>
                    <X aria-hidden size={16} />
                  </DatePicker.ClearTrigger>
                )}
              </DatePicker.Control>
              <input type="hidden" name={name} value={value ? text : ''} />
              <Portal>
                <DatePicker.Positioner>
                  <DatePicker.Content className={styles.content}>
                    <Calendar styles={styles} />
                  </DatePicker.Content>
                </DatePicker.Positioner>
              </Portal>
            </DatePicker.Root>
            {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
            {error && (
              <Field.ErrorText id={errorId} data-field={name}>
                {error}
              </Field.ErrorText>
            )}
          </Field.Root>
        )
      }}
    />
  )
}

function todayIn(min: DateValue | undefined): DateValue {
  const now = new Date()
  const today = parseDate(toIsoDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() }))
  return min && min.compare(today) > 0 ? min : today
}

type Styles = ReturnType<typeof recipe>

function Header({ styles }: { styles: Styles }) {
  const { t, i18n } = useLingui()
  return (
    <DatePicker.Context>
      {(api) => {
        const { start, end } = api.visibleRangeText
        const text = [...new Set([start, end])].filter(Boolean).join(' – ')
        // "noviembre de 2026" → "Noviembre de 2026" (only the first letter: not "De").
        const range = text.charAt(0).toLocaleUpperCase(i18n.locale) + text.slice(1)
        const hint = api.view === 'day' ? t`choose a month` : api.view === 'month' ? t`choose a year` : t`choose a day`
        return (
          <DatePicker.ViewControl className={styles.header}>
            <DatePicker.PrevTrigger className={styles.nav}>
              <ChevronLeft aria-hidden size={18} />
            </DatePicker.PrevTrigger>
            {/* The visible text starts the accessible name (WCAG 2.5.3 label in name). */}
            <DatePicker.ViewTrigger className={styles.viewTrigger} aria-label={`${range}, ${hint}`}>
              {range}
            </DatePicker.ViewTrigger>
            <DatePicker.NextTrigger className={styles.nav}>
              <ChevronRight aria-hidden size={18} />
            </DatePicker.NextTrigger>
          </DatePicker.ViewControl>
        )
      }}
    </DatePicker.Context>
  )
}

interface GridCell {
  value: DateValue | number
  label: ReactNode
}

interface GridViewProps {
  view: DatePickerDateView
  styles: Styles
  /** The cells to pick from, row by row. */
  rows: (api: UseDatePickerReturn) => GridCell[][]
}

/** One view's table: the header, the week days above the days, then the cells. */
function GridView({ view, styles, rows }: GridViewProps) {
  return (
    <DatePicker.View view={view}>
      <DatePicker.Context>
        {(api) => (
          <>
            <Header styles={styles} />
            <DatePicker.Table className={styles.table}>
              {view === 'day' && (
                <DatePicker.TableHead>
                  <DatePicker.TableRow>
                    {api.weekDays.map((day, i) => (
                      <DatePicker.TableHeader key={i} className={styles.head} abbr={day.long}>
                        {day.narrow}
                      </DatePicker.TableHeader>
                    ))}
                  </DatePicker.TableRow>
                </DatePicker.TableHead>
              )}
              <DatePicker.TableBody>
                {rows(api).map((row, i) => (
                  <DatePicker.TableRow key={i}>
                    {row.map((cell, j) => (
                      <DatePicker.TableCell key={j} value={cell.value} className={styles.cell}>
                        <DatePicker.TableCellTrigger className={styles.cellTrigger}>{cell.label}</DatePicker.TableCellTrigger>
                      </DatePicker.TableCell>
                    ))}
                  </DatePicker.TableRow>
                ))}
              </DatePicker.TableBody>
            </DatePicker.Table>
          </>
        )}
      </DatePicker.Context>
    </DatePicker.View>
  )
}

const days = (api: UseDatePickerReturn) => api.weeks.map((week) => week.map((day) => ({ value: day, label: day.day })))

/** Day, month and year views, so a date years back is three clicks away. */
function Calendar({ styles }: { styles: Styles }) {
  return (
    <>
      <GridView view="day" styles={styles} rows={days} />
      <GridView view="month" styles={styles} rows={(api) => api.getMonthsGrid({ columns: 4, format: 'short' })} />
      <GridView view="year" styles={styles} rows={(api) => api.getYearsGrid({ columns: 4 })} />
    </>
  )
}
