import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeStorage } from './fake-storage';
import {
  AGE_GATE_ATTRIBUTE,
  AGE_GATE_ENTERED_ATTRIBUTE,
  AGE_GATE_READY_ATTRIBUTE,
  AGE_VERIFIED_KEY,
  PRIVATE_GALLERY_KEY,
  VERIFIED,
  ageGateHeadScript,
  isAgeVerified,
  isVerified,
  mountAgeGate,
  rememberAge,
  rememberVerified,
  resetRememberedForTests,
  setAgeGateState,
} from './gates';

const throwingWindow = {
  get localStorage(): Storage {
    throw new DOMException('denied', 'SecurityError');
  },
};

/** Runs the head script against a fake document and storage; returns the attribute it set. */
function runHeadScript(localStorage: unknown): string | undefined {
  const attributes: Record<string, string> = {};
  const document = { documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) } };
  new Function('localStorage', 'document', ageGateHeadScript())(localStorage, document);
  return attributes[AGE_GATE_ATTRIBUTE];
}

beforeEach(() => resetRememberedForTests());
afterEach(() => vi.unstubAllGlobals());

describe('storage keys', () => {
  it('are two distinct keys whose verified value is "yes"', () => {
    expect(AGE_VERIFIED_KEY).not.toBe(PRIVATE_GALLERY_KEY);
    expect(VERIFIED).toBe('yes');
  });
});

describe('age verification', () => {
  it('is false on a first visit and true once the key holds "yes"', () => {
    const store = fakeStorage();
    vi.stubGlobal('window', { localStorage: store });
    expect(isAgeVerified()).toBe(false);
    expect(rememberAge()).toBe(true);
    expect(store.getItem(AGE_VERIFIED_KEY)).toBe('yes');
    expect(isAgeVerified()).toBe(true);
  });

  it('reads a confirmation stored on an earlier visit', () => {
    vi.stubGlobal('window', { localStorage: fakeStorage({ [AGE_VERIFIED_KEY]: 'yes' }) });
    expect(isAgeVerified()).toBe(true);
  });

  it('only accepts exactly "yes"', () => {
    vi.stubGlobal('window', { localStorage: fakeStorage({ [AGE_VERIFIED_KEY]: 'true' }) });
    expect(isAgeVerified()).toBe(false);
  });

  it('falls back to this visit when storage throws', () => {
    vi.stubGlobal('window', throwingWindow);
    expect(isAgeVerified()).toBe(false);
    expect(rememberAge()).toBe(false);
    expect(isAgeVerified()).toBe(true);
  });

  it('falls back to this visit when writing fails (full quota)', () => {
    const store = fakeStorage();
    store.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    vi.stubGlobal('window', { localStorage: store });
    expect(rememberAge()).toBe(false);
    expect(isAgeVerified()).toBe(true);
  });

  it('keeps the two gates apart', () => {
    vi.stubGlobal('window', { localStorage: fakeStorage() });
    rememberAge();
    expect(isVerified(PRIVATE_GALLERY_KEY)).toBe(false);
    rememberVerified(PRIVATE_GALLERY_KEY);
    expect(isVerified(PRIVATE_GALLERY_KEY)).toBe(true);
  });
});

describe('gate state on <html>', () => {
  it('sets the attribute CSS reads', () => {
    const set = vi.fn();
    setAgeGateState({ setAttribute: set }, 'passed');
    expect(set).toHaveBeenCalledWith(AGE_GATE_ATTRIBUTE, 'passed');
  });
});

describe('head script', () => {
  it('passes a visitor whose key holds "yes"', () => {
    expect(runHeadScript(fakeStorage({ [AGE_VERIFIED_KEY]: 'yes' }))).toBe('passed');
  });

  it('locks for a first visit or any other value', () => {
    expect(runHeadScript(fakeStorage())).toBe('locked');
    expect(runHeadScript(fakeStorage({ [AGE_VERIFIED_KEY]: 'no' }))).toBe('locked');
  });

  it('locks, without throwing, when storage throws', () => {
    const store = fakeStorage();
    store.getItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(runHeadScript(store)).toBe('locked');
  });

  it('stays tiny and names the key from this module', () => {
    const script = ageGateHeadScript();
    expect(script).toContain(JSON.stringify(AGE_VERIFIED_KEY));
    expect(script.length).toBeLessThan(240);
  });
});

/** A stand-in <dialog>, its Enter button and <html>: what the gate's script touches. */
function fakeGate() {
  const attributes: Record<string, string> = {};
  const events = new EventTarget();
  const dialog = Object.assign(events, {
    open: false,
    shown: 0,
    ready: false,
    setAttribute(name: string) {
      if (name === AGE_GATE_READY_ATTRIBUTE) this.ready = true;
    },
    showModal() {
      this.open = true;
      this.shown += 1;
    },
    close() {
      if (!this.open) return;
      this.open = false;
      events.dispatchEvent(new Event('close'));
    },
  });
  const enter = new EventTarget();
  const focused: unknown[] = [];
  const parts = {
    root: { setAttribute: (name: string, value: string) => (attributes[name] = value) },
    dialog: dialog as unknown as HTMLDialogElement,
    enter: enter as unknown as HTMLElement,
    main: { focus: (options?: FocusOptions) => focused.push(options) } as unknown as HTMLElement,
  };
  return { attributes, dialog, enter, focused, parts };
}

describe('the age gate without a framework (mountAgeGate)', () => {
  it('lets a visitor who confirmed before pass without opening the modal', () => {
    vi.stubGlobal('window', { localStorage: fakeStorage({ [AGE_VERIFIED_KEY]: 'yes' }) });
    const { attributes, dialog, parts } = fakeGate();
    expect(mountAgeGate(parts)).toBe('passed');
    expect(attributes[AGE_GATE_ATTRIBUTE]).toBe('passed');
    expect(attributes).not.toHaveProperty(AGE_GATE_ENTERED_ATTRIBUTE);
    expect(dialog.shown).toBe(0);
    expect(dialog.ready).toBe(true);
  });

  it('blocks a new visitor: the modal opens, Escape and a cancel request are refused, a forced close reopens it', () => {
    vi.stubGlobal('window', { localStorage: fakeStorage() });
    const { attributes, dialog, parts } = fakeGate();
    expect(mountAgeGate(parts)).toBe('locked');
    expect(attributes[AGE_GATE_ATTRIBUTE]).toBe('locked');
    expect(dialog.open).toBe(true);
    expect(dialog.ready).toBe(true);
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    const escape = Object.assign(new Event('keydown', { cancelable: true }), { key: 'Escape' });
    dialog.dispatchEvent(escape);
    expect(escape.defaultPrevented).toBe(true);
    const tab = Object.assign(new Event('keydown', { cancelable: true }), { key: 'Tab' });
    dialog.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(false);
    dialog.close();
    expect(dialog.open).toBe(true);
    expect(dialog.shown).toBe(2);
  });

  it('Enter remembers her, lets her in and moves focus to the page without scrolling', () => {
    const store = fakeStorage();
    vi.stubGlobal('window', { localStorage: store });
    const { attributes, dialog, enter, focused, parts } = fakeGate();
    mountAgeGate(parts);
    enter.dispatchEvent(new Event('click'));
    expect(store.getItem(AGE_VERIFIED_KEY)).toBe('yes');
    expect(attributes[AGE_GATE_ATTRIBUTE]).toBe('passed');
    expect(attributes[AGE_GATE_ENTERED_ATTRIBUTE]).toBe('');
    expect(dialog.open).toBe(false);
    expect(dialog.shown).toBe(1);
    expect(focused).toEqual([{ preventScroll: true }]);
  });
});
