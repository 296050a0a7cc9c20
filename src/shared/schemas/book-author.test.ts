import { describe, expect, test } from 'vitest'
import { splitAuthor } from './book-author'
import { parseRetailerLink } from './book'

// Real-looking retailer slugs, read through the shared parser first (as the book form does).
const slugOf = (link: string) => parseRetailerLink(link)!.title!

describe('splitAuthor: the author at the end of a retailer slug', () => {
  const split: [string, string, string][] = [
    ['https://www.amazon.com/Dune-Frank-Herbert/dp/0441013597/ref=sr_1_1', 'Dune', 'Frank Herbert'],
    ['https://www.amazon.com/Emma-Jane-Austen/dp/0141439580', 'Emma', 'Jane Austen'],
    ['https://www.amazon.com/Project-Hail-Mary-Andy-Weir/dp/0593135202/', 'Project Hail Mary', 'Andy Weir'],
    ['https://www.amazon.com/Thursday-Murder-Club-Richard-Osman/dp/1984880985', 'Thursday Murder Club', 'Richard Osman'],
    ['https://www.amazon.com/Hobbit-J-R-R-Tolkien/dp/054792822X', 'Hobbit', 'J. R. R. Tolkien'],
    ['https://www.amazon.com/Left-Hand-Darkness-Ursula-Guin/dp/0441478123', 'Left Hand Darkness', 'Ursula Guin'],
    ['https://www.amazon.com/Midnight-Library-Novel-Matt-Haig/dp/0525559477', 'Midnight Library', 'Matt Haig'],
    ['https://www.amazon.com/Educated-Memoir-Tara-Westover/dp/0399590501', 'Educated', 'Tara Westover'],
    ['https://www.amazon.com/Little-Women-Louisa-May-Alcott/dp/0147514010', 'Little Women', 'Louisa May Alcott'],
    ['https://www.amazon.com/Rebecca-Daphne-Du-Maurier/dp/0380730405', 'Rebecca', 'Daphne Du Maurier'],
    ['https://www.amazon.com/Klara-Sun-novel-Kazuo-Ishiguro/dp/059331817X', 'Klara Sun', 'Kazuo Ishiguro'],
    ['https://www.amazon.com/1984-George-Orwell/dp/0451524934', '1984', 'George Orwell'],
    [
      'https://www.amazon.es/Cien-a%C3%B1os-soledad-Spanish-Gabriel-Garc%C3%ADa-M%C3%A1rquez/dp/0307474720',
      'Cien años soledad',
      'Gabriel García Márquez',
    ],
    [
      'https://bookshop.org/p/books/the-left-hand-of-darkness-ursula-k-le-guin/9046938?ean=9780441478125',
      'The Left Hand Of Darkness',
      'Ursula K. Le Guin',
    ],
    ['https://www.barnesandnoble.com/w/beloved-toni-morrison/1100297520?ean=9781400033416', 'Beloved', 'Toni Morrison'],
  ]
  for (const [link, title, author] of split) {
    test(`${title} by ${author}`, () => {
      expect(splitAuthor(slugOf(link))).toEqual({ title, author })
    })
  }

  const kept = [
    'https://www.amazon.com/Atomic-Habits-Proven-Build-Break/dp/0735211299', // a subtitle, no author
    'https://www.amazon.com/Project-Hail-Mary-Novel/dp/0593135202', // a given name, then a format word
    'https://www.amazon.com/Harry-Potter-Sorcerers-Stone-Rowling/dp/059035342X', // a surname alone
    'https://www.amazon.de/Der-Schwarm-Roman/dp/3596164532',
    'https://www.amazon.es/-/es/Gabriel-Garc%C3%ADa-M%C3%A1rquez/dp/0307474720', // nothing would be left
    'https://www.amazon.com/Some-Kindle-Book-ebook/dp/b0cw1sx8ym',
    'https://www.goodreads.com/book/show/234225.Dune',
  ]
  for (const link of kept) {
    test(`kept whole: ${slugOf(link)}`, () => {
      expect(splitAuthor(slugOf(link))).toBeNull()
    })
  }

  test('a bare title or a short text is never split', () => {
    expect(splitAuthor('Frank Herbert')).toBeNull()
    expect(splitAuthor('')).toBeNull()
    expect(splitAuthor('Dune')).toBeNull()
  })
})
