import type { NexusEntry } from '../../../../shared/contract'
import type { LaneRow, LanesModel } from './lanes'

/*
 * A band's height before it is drawn, from what its cards hold. The lanes open at their end and
 * are read upward: every band that comes into view above is measured then, and a guess far off
 * (bands run from one short card to a staircase of long ones, 100 to 900 px) moved everything
 * under it and the scroll position with it at each step. The sizes follow nexus.css at its
 * column width; the measure still decides, this only keeps the correction small.
 */

/** A compact card with no summary: its header, the Details toggle, padding and gaps. */
const CARD_BASE_PX = 66
const SUMMARY_LINE_PX = 21
const SUMMARY_CHARS_PER_LINE = 28
const RATIONALE_LINE_PX = 19
const RATIONALE_CHARS_PER_LINE = 38
/** Reference chips are wide ("conflicts with #123456"): about one a line. */
const CHIP_PX = 24
const ACKS_LINE_PX = 23
/** The "Awaiting acknowledgement from" label takes about two members' room. */
const ACK_MEMBERS_PER_LINE = 3
/** A cell's padding around its card. */
const CELL_PADDING_PX = 8

const lines = (text: string, perLine: number): number => Math.max(1, Math.ceil(text.length / perLine))

/** One card's height: its summary and rationale as wrapped lines, its chips and who it awaits. */
export function estimateCardPx(entry: NexusEntry, chips: number, awaiting: number): number {
  const rationale =
    entry.rationale === null
      ? 0
      : 4 + RATIONALE_LINE_PX * lines(`Why: ${entry.rationale}`, RATIONALE_CHARS_PER_LINE)
  const acks = awaiting === 0 ? 0 : 4 + ACKS_LINE_PX * Math.ceil((awaiting + 2) / ACK_MEMBERS_PER_LINE)
  return (
    CARD_BASE_PX +
    SUMMARY_LINE_PX * lines(entry.summary, SUMMARY_CHARS_PER_LINE) +
    rationale +
    CHIP_PX * chips +
    acks
  )
}

/**
 * A band's height. Its cells are placed in log order, each in its author's column: a cell in a
 * column left of the one before starts a new line of the band's grid (the grid never places an
 * item behind its cursor), so a band is a staircase of lines, each as tall as its tallest card.
 */
export function estimateRowPx(row: LaneRow, model: LanesModel, awaiting: (seq: number) => number): number {
  let height = 0
  let line = 0
  let lane = -1
  for (const { lane: column, entry } of row.cells) {
    if (column <= lane) {
      height += line + CELL_PADDING_PX
      line = 0
    }
    lane = column
    const chips =
      entry.refs.length +
      (model.backlinks.get(entry.seq)?.length ?? 0) +
      (model.conflictsWith.get(entry.seq)?.length ?? 0)
    line = Math.max(line, estimateCardPx(entry, chips, awaiting(entry.seq)))
  }
  return height + line + CELL_PADDING_PX
}
