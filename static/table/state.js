// The play table's one piece of shared, changing state. Every module of static/table/
// that needs it imports this object and reads or writes its fields by name; nothing else
// is shared between them (each module's constants are its own, and the page itself, the
// DOM, is the rest of the truth: app/web/markup.py lists what the scripts read and write).

/** What the table's script remembers between events. */
export const state = {
  // The taps waiting to be sent, oldest first (queue.js): {id, name, value, card,
  // queued} for a button, {arrange: [codes], again} for an order of the hand,
  // {refresh: true} for a friend's move to fetch.
  queue: [],
  // A request is in flight (queue.js); taps made now are queued behind it.
  busy: false,
  // The tap sent last (queue.js): a queued tap like it that can no longer be made is
  // its impatient repeat, dropped in silence. null before the first.
  lastSent: null,
  // A friend's move is already queued to be fetched (live.js): one is enough.
  refreshQueued: false,
  // The move shown before the answer (motion.js): a discard on its way to the pile,
  // {code, slot, flyer, base, anim}, or a draw on its way to the hand, {draw, flyer,
  // source, anim}; null when none.
  pending: null,
  // A discard tapped while another request was in flight, shown at once all the same
  // ({code, slot, flyer, base, anim}, motion.js) until it is sent (then it is
  // ``pending``) or dropped; null when none.
  early: null,
  // The card under the pointer (pointer.js): {input, slot, x, y, id, active, moved,
  // codes, card, inSlot}; null when no card is pressed.
  drag: null,
  // A pile's card pressed (pointer.js): {button, card, x, y, id, active}; dragged into
  // the hand, it is drawn. null when none.
  pileDrag: null,
  // The code of the card that was already selected when the pointer went down (a code,
  // not the element: a reply swapping the table in between renders the card anew).
  pressedChecked: null,
  // The click that ends a drag is not a tap (pointer.js).
  suppressClick: false,
  // The hand an answer replaced, as it was shown (pointer.js, keepAim): {cards: [{code,
  // rect}], until}; a press made before ``until`` (a performance.now() time) takes the
  // card that was under it there. null when none.
  aim: null,
  // The note under the hand as last fitted to its box (select.js): {note, key} (the
  // element; the window's width and its words); a refresh that changes neither reads no
  // layout. null before the first.
  noteFit: null,
  // The page's words (#script-words), parsed once (page.js); null until first asked.
  words: null,
  // The friend match's polling (live.js): the interval's id (null when the stream
  // works), how many polls so far, and the stream's errors in a row.
  polling: null,
  polls: 0,
  sseErrors: 0,
  // The match ids whose turn it was at the last look (live.js), for notifications.
  turnsKnown: null,
};
