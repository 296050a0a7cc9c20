// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { CardGrid } from '.'

afterEach(cleanup)

const cards = (n: number) => Array.from({ length: n }, (_, i) => <article key={i}>{`card ${i + 1}`}</article>)

test('at most 8 cards on the account hub', () => {
  render(
    <CardGrid.Root max={CardGrid.CARD_GRID_MAX.accountHub} label="Account">
      {cards(10)}
    </CardGrid.Root>,
  )
  const list = screen.getByRole('list', { name: 'Account' })
  expect(list.querySelectorAll('li')).toHaveLength(8)
  expect(screen.getByText('card 8')).toBeTruthy()
  expect(screen.queryByText('card 9')).toBeNull()
})

test('at most 4 cards on the dashboard, first ones kept in order', () => {
  render(<CardGrid.Root max={CardGrid.CARD_GRID_MAX.dashboard}>{cards(6)}</CardGrid.Root>)
  expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['card 1', 'card 2', 'card 3', 'card 4'])
})

test('fewer cards than the maximum all render', () => {
  render(<CardGrid.Root max={8}>{cards(3)}</CardGrid.Root>)
  expect(screen.getAllByRole('listitem')).toHaveLength(3)
})

test('hidden (null/false) cards do not take a slot', () => {
  render(
    <CardGrid.Root max={2}>
      {null}
      {false}
      <article>a</article>
      <article>b</article>
      <article>c</article>
    </CardGrid.Root>,
  )
  expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a', 'b'])
})

test('the constants are the spec values', () => {
  expect(CardGrid.CARD_GRID_MAX).toEqual({ accountHub: 8, dashboard: 4 })
})
