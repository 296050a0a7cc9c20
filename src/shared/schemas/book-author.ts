// Retailer slugs usually end with the author's name: Amazon's `Dune-Frank-Herbert`,
// `Lord-Rings-J-R-R-Tolkien`, `Midnight-Library-Novel-Matt-Haig`; Bookshop's and B&N's
// `beloved-toni-morrison`. parseRetailerLink (book.ts) keeps the slug's words as the title, as
// the API always has; the book form uses splitAuthor() to fill Title and Author apart.
//
// The rule, since a slug carries no punctuation: the shortest tail of 2–4 words (leaving at
// least one word of title) whose words are all name-like (Capitalised, a single-letter initial,
// or a particle such as "de" or "le" inside it) and which shows a sign of being a name:
// - it starts with a common given name (Frank Herbert, Toni Morrison), or
// - it holds an initial (J R R Tolkien, Ursula K Le Guin), or
// - the word before it is a format word (…-Novel-Matt-Haig, …-Spanish-Gabriel-García-Márquez).
// An initial pulls in the given name or initials before it (Ursula K Le Guin, J R R Tolkien).
// A title ending in a given name then a surname is read as an author ("Project Hail Mary Andy
// Weir" → "Andy Weir", as wanted; a bare "Emma Jane Austen" → "Emma" by "Jane Austen"); a
// middle given name is not pulled in ("…Society Mary Ann Shaffer" yields "Ann Shaffer"), the price of
// never swallowing a title word such as "Mary".

/** Common given names (lower case, accents dropped): one sign that two words are a person. */
const GIVEN_NAMES = new Set(
  `aaron adam adrian agatha agnes alan albert alberto alejandro alex alexander alexandra alexandre
  alfred alice alicia alison amanda amelia amy ana andre andrea andrew andy angela ann anna anne
  annie anthony antonio arthur barbara ben benjamin bernard beth betty bill bob brandon brian
  bruce carl carlos carmen carol caroline catherine cecilia charles charlotte chimamanda chris
  christina christine christopher claire clara colleen cormac daniel daphne david deborah delia
  dennis diana diane donna dorothy douglas edgar edith edward elena elizabeth ellen emily emma
  eric erin ernest eva fernando fiona frances francis francisco frank fredrik gabriel gabriela
  gary george georgia gillian gloria grace graham gregory hannah harper harold harry helen henry
  herman hilary howard ian isaac isabel isabella isabelle jack jacob james jane janet jason
  javier jean jeff jeffrey jennifer jenny jeremy jessica jim joan joanne joe john jonathan jordan
  jorge jose joseph josh joshua joyce juan judith judy julia julian julie julio justin karen kate
  katherine kathleen kathryn kazuo keith kelly ken kevin kim kristin laura lauren lee leo leonard
  leslie lewis liane linda lisa liz louis louisa louise lucy luis lydia madeline maggie malcolm
  manuel marcel marcus margaret maria marian marie marilynne mario mark martha martin mary matt
  matthew maya megan michael michelle miguel mike min nancy naomi neil nicholas nicola nicole
  nora octavia oliver olivia orhan oscar pablo pamela patricia patrick paul paula paulo pedro
  peter philip philippa rachel ralph ray raymond rebecca richard rick robert roberto robin
  roger ronald rosa rose ruth ryan sally salman samantha samuel sandra sara sarah scott sebastian
  sergio shirley simon sophie stephen steve steven susan susanna suzanne sylvia taylor tara
  terry thomas tim timothy toni tony ursula vanessa veronica victor victoria virginia walter
  wendy william yuval zadie`.split(/\s+/),
)

/** Words that sit between a title and its author in retailer slugs (and are dropped with it). */
const FORMAT_WORDS = new Set(['novel', 'memoir', 'thriller', 'mystery', 'spanish', 'english', 'edition', 'paperback', 'hardcover', 'ebook'])

/** Lower-case name particles: part of a name inside it (Ursula K Le Guin, Miguel de Cervantes). */
const PARTICLES = new Set(['de', 'del', 'la', 'le', 'van', 'von', 'der', 'da', 'di', 'du', 'dos', 'y'])

const fold = (w: string) => w.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
const isInitial = (w: string) => /^\p{Lu}$/u.test(w)
const isCapitalised = (w: string) => /^\p{Lu}[\p{Ll}'’]+$/u.test(w)
const isParticle = (w: string) => PARTICLES.has(fold(w))
const isGivenName = (w: string) => isCapitalised(w) && GIVEN_NAMES.has(fold(w))

function nameLike(tail: string[]): boolean {
  return tail.every((w, i) => {
    if (FORMAT_WORDS.has(fold(w))) return false
    if (isInitial(w) || isCapitalised(w)) return true
    return isParticle(w) && i > 0 && i < tail.length - 1
  })
}

/** "J R R Tolkien" → "J. R. R. Tolkien": the dots a slug lost. */
const formatName = (tail: string[]) => tail.map((w) => (isInitial(w) ? `${w}.` : w)).join(' ')

/** Title and author from a slug's words, or null when the end does not read as a person's name. */
export function splitAuthor(text: string): { title: string; author: string } | null {
  const words = text.trim().split(/\s+/).filter(Boolean)
  for (let size = 2; size <= 4; size++) {
    let start = words.length - size
    if (start < 1) break
    const tail = words.slice(start)
    const last = tail[tail.length - 1]!
    if (!nameLike(tail) || !isCapitalised(last) || isParticle(tail[0]!)) continue
    const signed =
      isGivenName(tail[0]!) || tail.some(isInitial) || FORMAT_WORDS.has(fold(words[start - 1]!))
    if (!signed) continue
    // An initial belongs with the given name or initials before it.
    while (start > 1 && isInitial(words[start]!) && (isInitial(words[start - 1]!) || isGivenName(words[start - 1]!))) start--
    let end = start
    while (end > 1 && FORMAT_WORDS.has(fold(words[end - 1]!))) end--
    return { title: words.slice(0, end).join(' '), author: formatName(words.slice(start)) }
  }
  return null
}
