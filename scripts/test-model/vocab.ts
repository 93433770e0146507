// The WordPiece vocabulary and tokenizer files of the tiny test model. Every single character a-z, 0-9 and
// common punctuation is in the vocabulary, alone and as a "##" continuation, so any ASCII text tokenizes
// without [UNK]; a few hundred whole words keep common words as single tokens, like a real BERT vocabulary.

export const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const

const CHARS = [...'abcdefghijklmnopqrstuvwxyz0123456789']
const PUNCTUATION = [...'.,;:!?\'"()[]{}-_/\\@#$%&*+=<>|~`^']

const WORDS = `
the of and to in is for that on with as by this are be it from or at an was which not can has have
will but all they one their also more other we been used use these than its into when only two may
such some there would each about what if how any between both under after first new time over most
where do should must does do no yes so very then out up down same different many much few high low
large small long short number numbers value values result results data set sets system systems model
models method methods process processes function functions table tables figure figures section page
pages document documents file files text word words sentence sentences paragraph chapter book report
paper question questions answer answers search query index vector vectors embedding embeddings token
tokens chunk chunks library libraries source sources reference references note notes example examples
user users application app software hardware computer computers network networks server client memory
disk storage database databases code program programs language languages error errors test tests
input output inputs outputs version versions update install configuration option options setting
settings feature features performance speed fast slow size length order level type types class classes
structure format formats image images pdf html json list lists key keys name names information
research study studies analysis theory experiment experiments evidence approach problem problems
solution solutions design development management control security privacy risk policy law rule rules
market price cost costs money bank finance business company companies customer customers product
products service services contract contracts payment tax government public private social health
patient patients medical drug drugs disease treatment clinical hospital doctor care cell cells protein
gene genes blood heart brain body water energy power heat temperature pressure light sound air fire
earth sun moon star planet space solar wind weather climate rain snow ocean sea river lake forest tree
trees plant plants animal animals dog dogs cat cats bird birds fish horse food eat eating cook
cooking recipe bread fruit apple apples banana oil sugar salt coffee tea milk cheese meat chicken
city country state world house home room door window road car cars train bus plane travel trip
people person man woman child children family friend friends student students teacher school
university education learning learn knowledge history culture art music song film game games sport
team player play run running walk walking read reading write writing speak talk say said think know
make made take give get go come see look find found show work working help need want like love
good bad better best great important possible available different similar simple complex general
specific main major minor common real true false full empty open close closed free ready quick quickly
day days week weeks month months year years hour hours minute minutes second seconds today morning
night early late before during while since until again still already always never often sometimes
first last next previous left right top bottom front back inside outside above below near far
red blue green yellow black white color colour big little old young hot cold warm dry wet clean
quantum physics chemistry biology mathematics math algebra geometry statistics probability energy
mass force velocity acceleration electron atom atoms molecule molecules reaction reactions
engine engines motor battery batteries voltage current circuit signal frequency wave waves
machine learning neural training trained train loss accuracy precision recall score scores
`

/** Vocabulary in id order: specials, single characters, ## continuations, then whole words. */
export function buildVocab(): string[] {
  const vocab: string[] = [...SPECIAL_TOKENS]
  const seen = new Set<string>(vocab)
  const add = (token: string): void => {
    if (!seen.has(token)) {
      seen.add(token)
      vocab.push(token)
    }
  }
  for (const c of [...CHARS, ...PUNCTUATION]) add(c)
  for (const c of [...CHARS, ...PUNCTUATION]) add(`##${c}`)
  for (const w of WORDS.split(/\s+/)) if (w) add(w)
  return vocab
}

/** Id of the first whole word: everything before it is a special token or a single-character piece. */
export function firstWordId(vocab: string[]): number {
  const isPiece = (t: string): boolean => t.length === 1 || (t.length === 3 && t.startsWith('##'))
  return vocab.findIndex((t, i) => i >= SPECIAL_TOKENS.length && !isPiece(t))
}

function specialEntry(content: string, id: number): object {
  return { id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true }
}

/** tokenizer.json in the Hugging Face tokenizers format, shaped like all-MiniLM-L6-v2's. */
export function tokenizerJson(vocab: string[]): object {
  const ids = Object.fromEntries(vocab.map((t, i) => [t, i]))
  const idOf = (t: string): number => ids[t] as number
  const special = (id: string, typeId: number): object => ({ SpecialToken: { id, type_id: typeId } })
  const sequence = (id: string, typeId: number): object => ({ Sequence: { id, type_id: typeId } })
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((t) => specialEntry(t, idOf(t))),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [special('[CLS]', 0), sequence('A', 0), special('[SEP]', 0)],
      pair: [
        special('[CLS]', 0),
        sequence('A', 0),
        special('[SEP]', 0),
        sequence('B', 1),
        special('[SEP]', 1),
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [idOf('[CLS]')], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [idOf('[SEP]')], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: ids,
    },
  }
}

export function tokenizerConfigJson(): object {
  return {
    do_lower_case: true,
    unk_token: '[UNK]',
    sep_token: '[SEP]',
    pad_token: '[PAD]',
    cls_token: '[CLS]',
    mask_token: '[MASK]',
    tokenize_chinese_chars: true,
    strip_accents: null,
    model_max_length: 512,
    clean_up_tokenization_spaces: true,
    tokenizer_class: 'BertTokenizer',
  }
}

export function specialTokensMapJson(): object {
  return {
    unk_token: '[UNK]',
    sep_token: '[SEP]',
    pad_token: '[PAD]',
    cls_token: '[CLS]',
    mask_token: '[MASK]',
  }
}
