import { describe, expect, it } from 'vitest'
import { answerTypeFit, countVerbatim, expectedAnswerTypes, optionTokens } from './answer-type.js'

describe('expected answer types', () => {
  it('recognises year, number and command questions', () => {
    expect([...expectedAnswerTypes('In what year did development start?')]).toEqual(['year'])
    expect([...expectedAnswerTypes('How many iterations does it run by default?')]).toEqual(['number'])
    expect([...expectedAnswerTypes('How do I change the output folder?')]).toEqual(['command'])
    expect(expectedAnswerTypes('Why is the sky blue?').size).toBe(0)
  })

  it('scores how well a passage fits', () => {
    const year = new Set(['year'] as const)
    expect(answerTypeFit('Work began in 1985 at the clinic.', year)).toBe(1)
    expect(answerTypeFit('Work began long ago.', year)).toBe(0)
    const cmd = new Set(['command'] as const)
    expect(answerTypeFit('Run dblatex -b xetex file.xml with style=db2latex.', cmd)).toBe(1)
    expect(answerTypeFit('The program is friendly and well documented.', cmd)).toBe(0)
    expect(answerTypeFit('anything', new Set())).toBe(0)
  })
})

describe('verbatim options', () => {
  it('extracts command-line options typed in the question', () => {
    expect(optionTokens('I pass two folders with -I. And what does -V do, or --prefix?')).toEqual([
      '-I',
      '-V',
      '--prefix',
    ])
    expect(optionTokens('a well-known two-part model')).toEqual([])
  })

  it('matches them case-sensitively as whole options', () => {
    expect(countVerbatim('use -I dir to add a path', ['-I'])).toBe(1)
    expect(countVerbatim('use -i dir', ['-I'])).toBe(0)
    expect(countVerbatim('use -Infinity', ['-I'])).toBe(0)
    expect(countVerbatim('set --prefix=/opt', ['--prefix'])).toBe(1)
  })
})
