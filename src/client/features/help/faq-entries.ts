import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

// The /help questions (the in-app help area): what readers ask first. Each
// answer says only what this build does; a feature that is not built yet is named as coming.

export interface FaqEntry {
  id: string
  question: MessageDescriptor
  answer: MessageDescriptor[]
  /** A screen of the app that does what the answer describes. */
  link?: { to: '/account/url' | '/books/import' | '/account/profile' | '/plans'; label: MessageDescriptor }
}

export const FAQ: FaqEntry[] = [
  {
    id: 'offline',
    question: msg`Can I use TBR offline?`,
    answer: [
      msg`Yes. Your list is kept on this device, so you can open it, add books, rate them and edit them without a connection. Your changes sync when you are back online, and nothing you do offline is lost.`,
      msg`Signing in, changing your password or email and writing to support need a connection.`,
    ],
  },
  {
    id: 'install',
    question: msg`How do I install TBR on my home screen?`,
    answer: [
      msg`On Android, and in Chrome or Edge on a computer, choose Install app in the browser's menu (or the Install the app button on this page, when it shows).`,
      msg`On an iPhone or iPad, open TBR in Safari, tap the Share button, then Add to Home Screen.`,
      msg`Installed, TBR opens in its own window and works offline like the website.`,
    ],
  },
  {
    id: 'share',
    question: msg`How do I share my list?`,
    answer: [
      msg`Choose your own address in Account, Custom URL. Anyone with that link can browse, search and filter your list, with no account.`,
      msg`Changing the address takes effect at once, and the old link stops working.`,
    ],
    link: { to: '/account/url', label: msg`Choose your link` },
  },
  {
    id: 'import',
    question: msg`Can I import my books from Goodreads?`,
    answer: [
      msg`Yes. Export your library as a CSV file (Goodreads: My Books, Import and export, Export library; The StoryGraph: Manage account, Export StoryGraph library), then choose Import in Books and pick that file.`,
      msg`Titles, authors, ISBNs, ratings, reviews and dates come along; books already on your list are skipped. The file is read on this device, so importing works offline too.`,
    ],
    link: { to: '/books/import', label: msg`Import books` },
  },
  {
    id: 'plans',
    question: msg`What does it cost? How do plans and billing work?`,
    answer: [
      msg`The Free plan needs no card and keeps your list, your custom URL, offline sync and charts.`,
      msg`Paid plans add more, such as team members and API keys, and are paid by card each period. The account owner changes the plan, replaces the card and downloads invoices in Account, Billing; a switch to Free takes effect at the end of the period already paid for.`,
    ],
    link: { to: '/plans', label: msg`Compare the plans` },
  },
  {
    id: 'delete',
    question: msg`How do I delete my data?`,
    answer: [
      msg`The account owner can close the account in Account, Profile, under Danger Zone: its list and public page disappear at once and everyone is signed out. A member of someone else's account leaves it there instead.`,
      msg`Signing out removes your list from this device. To have your records erased from our servers too, send us a message with the form on this page.`,
    ],
    link: { to: '/account/profile', label: msg`Open your profile` },
  },
]
