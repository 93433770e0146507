// jsdom setup for the renderer project: Testing Library matchers-free cleanup between tests.
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())

// jsdom lacks these; components call them for scrolling highlighted passages into view.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {}
