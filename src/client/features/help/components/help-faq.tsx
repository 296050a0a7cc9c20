import { Accordion } from '@ark-ui/react/accordion'
import { useLingui } from '@lingui/react/macro'
import { ChevronDown, SearchX } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { SearchBox } from '~/client/ui/search-box'
import { css } from 'styled-system/css'
import { foldText, queryWords } from '~/client/lib/search'
import * as Card from '~/client/ui/card'
import { Link } from '~/client/ui/link'
import { FAQ } from '../faq-entries'
import { stackRecipe } from '~/client/ui/stack'

const styles = {
  label: css({ fontSize: 'sm', fontWeight: 'medium' }),
  list: css({ display: 'flex', flexDirection: 'column', borderTopWidth: '1px', borderColor: 'border' }),
  item: css({ borderBottomWidth: '1px', borderColor: 'border' }),
  trigger: css({
    display: 'flex',
    w: 'full',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    py: '3.5',
    textAlign: 'start',
    fontWeight: 'medium',
    color: 'fg',
    cursor: 'pointer',
    borderRadius: 'sm',
    _hover: { color: 'accent' },
    _focusVisible: { outline: '2px solid token(colors.accent)', outlineOffset: '2px' },
  }),
  indicator: css({
    flexShrink: 0,
    color: 'fg.muted',
    transition: 'transform 0.2s',
    '&[data-state=open]': { transform: 'rotate(180deg)' },
    _motionReduce: { transition: 'none' },
  }),
  content: css({ display: 'flex', flexDirection: 'column', gap: '2', pb: '4', fontSize: 'sm', color: 'fg.muted' }),
  empty: css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '2',
    py: '6',
    textAlign: 'center',
    color: 'fg.muted',
    fontSize: 'sm',
  }),
}

/**
 * Short answers to what readers ask (the in-app help), as an accordion (Ark UI: buttons with
 * aria-expanded, arrow keys between questions) under a search box that filters the questions,
 * ignoring case and accents, over their question and answer text in the reader's language.
 */
export function HelpFaq() {
  const { t, i18n } = useLingui()
  const searchId = useId()
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState<string[]>([])
  const words = queryWords(query)
  const texts = useMemo(
    () => new Map(FAQ.map((e) => [e.id, foldText([e.question, ...e.answer].map((m) => i18n._(m)).join(' '))])),
    [i18n, i18n.locale],
  )
  const shown = FAQ.filter((e) => words.every((w) => texts.get(e.id)!.includes(w)))

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>{t`Common questions`}</Card.Title>
        <Card.Description>{t`Quick answers about using TBR.`}</Card.Description>
      </Card.Header>
      <Card.Body>
        <div role="search" className={stackRecipe({ gap: '1.5' })}>
          <label htmlFor={searchId} className={styles.label}>
            {t`Search the questions`}
          </label>
          <SearchBox
            id={searchId}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t`e.g. offline, share`}
          />
        </div>
        {shown.length === 0 ? (
          <div className={styles.empty} role="status">
            <SearchX aria-hidden size={24} />
            <p>{t`No questions match “${query}”. Try other words, or send us a message.`}</p>
          </div>
        ) : (
          <Accordion.Root
            multiple
            collapsible
            value={open}
            onValueChange={(d) => setOpen(d.value)}
            className={styles.list}
          >
            {shown.map((entry) => (
              <Accordion.Item key={entry.id} value={entry.id} className={styles.item}>
                <h3>
                  <Accordion.ItemTrigger className={styles.trigger}>
                    {i18n._(entry.question)}
                    <Accordion.ItemIndicator className={styles.indicator}>
                      <ChevronDown aria-hidden size={18} />
                    </Accordion.ItemIndicator>
                  </Accordion.ItemTrigger>
                </h3>
                <Accordion.ItemContent className={styles.content}>
                  {entry.answer.map((paragraph) => (
                    <p key={paragraph.id}>{i18n._(paragraph)}</p>
                  ))}
                  {entry.link && (
                    <p>
                      <Link to={entry.link.to}>{i18n._(entry.link.label)}</Link>
                    </p>
                  )}
                </Accordion.ItemContent>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        )}
      </Card.Body>
    </Card.Root>
  )
}
