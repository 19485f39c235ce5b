/**
 * What the player points at on the view, told as events on the view (bubbling, not composed: in
 * `<hoyito-board>` they stay in its shadow root): `hole-hover` when a pointer enters or leaves a
 * hole, `hole-focus` when a hole takes or loses the focus. A page outside the view's shadow root
 * hears no pointer or focus moving from hole to hole (the browser keeps those inside it), so the
 * view tells them; the board's move preview follows them.
 */

export interface HoleHoverDetail {
  /** The hole's board index. */
  readonly index: number;
  /** Entered (true) or left (false), not just one of its parts for another. */
  readonly over: boolean;
  /** `mouse`, `pen` or `touch`: a touch has no hover. */
  readonly pointerType: string;
}

export interface HoleFocusDetail {
  readonly index: number;
  /** Took (true) or lost (false) the focus. */
  readonly focused: boolean;
  /** The focus shows its ring (`:focus-visible`): a keyboard's, not a click's. */
  readonly visible: boolean;
}

export interface PointingEventMap {
  'hole-hover': CustomEvent<HoleHoverDetail>;
  'hole-focus': CustomEvent<HoleFocusDetail>;
}

/** The hole (button) an event target is in, if any. */
const holeElement = (target: EventTarget | null): HTMLElement | null =>
  target instanceof Element ? target.closest<HTMLElement>('.hole') : null;

const indexOf = (hole: HTMLElement): number => Number(hole.dataset['index']);

/** The listeners the view puts on its rows, each telling `view` of a hole pointed at. */
export const pointingListeners = (view: EventTarget) => {
  const tell = <K extends keyof PointingEventMap>(type: K, detail: PointingEventMap[K]['detail']): void => {
    view.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
  };
  const crossed = (event: PointerEvent | FocusEvent, over: boolean): void => {
    const hole = holeElement(event.target);
    if (!hole || hole === holeElement(event.relatedTarget)) return;
    if (event instanceof PointerEvent) tell('hole-hover', { index: indexOf(hole), over, pointerType: event.pointerType });
    else tell('hole-focus', { index: indexOf(hole), focused: over, visible: over && hole.matches(':focus-visible') });
  };
  return {
    pointerover: (event: PointerEvent) => crossed(event, true),
    pointerout: (event: PointerEvent) => crossed(event, false),
    focusin: (event: FocusEvent) => crossed(event, true),
    focusout: (event: FocusEvent) => crossed(event, false),
  };
};
