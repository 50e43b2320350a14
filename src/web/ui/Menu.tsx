import {
  cloneElement,
  type ReactElement,
  type ReactNode,
  type Ref,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

export interface MenuProps {
  /** the button that opens the menu; it receives the trigger's props and ref */
  trigger: ReactElement<{ ref?: Ref<HTMLElement> }>;
  children: ReactNode;
  /** opens and closes on mouse hover after MENU_DELAY_MS; click and keyboard still open at once */
  openOnHover?: boolean;
  align?: 'start' | 'end';
}

type Impl = typeof import('./MenuImpl.tsx');
let impl: Impl | null = null;
let loading: Promise<Impl> | null = null;
/** the stand-ins shown: every one takes the real menu as soon as any menu's code has arrived */
const waiting = new Set<(module: Impl) => void>();
/** Radix DropdownMenu and its positioning (~15 KB gzip) load with the first menu someone reaches for. */
function loadImpl(): Promise<Impl> {
  loading ??= import('./MenuImpl.tsx').then((module) => {
    impl = module;
    for (const take of waiting) take(module);
    return module;
  });
  return loading;
}

/**
 * A dropdown menu (MenuImpl.tsx, on Radix). Until its code is loaded the trigger stands alone: the
 * pointer entering it or the focus reaching it loads the menu (issue 14, Speed: no page's first load
 * carries Radix); a click meanwhile opens the menu as soon as it arrives, and the focus stays on
 * the trigger when the menu's own trigger takes its place.
 */
export function Menu(props: MenuProps) {
  const [loaded, setLoaded] = useState<Impl | null>(impl);
  const [clicked, setClicked] = useState(false);
  const pointerInside = useRef(false);
  const focused = useRef(false);
  /** between the button going down on the stand-in and the click that follows */
  const pressed = useRef(false);
  const trigger = useRef<HTMLElement>(null);

  useLayoutEffect(() => {
    // a menu opening at once moves the focus into itself; focusing its trigger then would close it
    if (loaded && focused.current && !clicked && document.activeElement !== trigger.current) {
      trigger.current?.focus();
    }
  }, [loaded, clicked]);
  // a stand-in swapped while nobody is using it, not in the middle of a press on it: the press's
  // focus would land on a removed button, and the menu opened meanwhile would close on focus outside
  useEffect(() => {
    if (loaded) return;
    const take = (module: Impl) => {
      if (!pressed.current) setLoaded(() => module);
    };
    waiting.add(take);
    return () => {
      waiting.delete(take);
    };
  }, [loaded]);

  if (loaded) {
    return (
      <loaded.RadixMenu
        {...props}
        trigger={cloneElement(props.trigger, { ref: trigger })}
        startOpen={clicked}
        pointerInside={pointerInside.current}
      />
    );
  }
  const load = () => {
    void loadImpl().then((module) => {
      if (!pressed.current) setLoaded(() => module);
    });
  };
  /** the press is over (its click came, or the button went up elsewhere): the menu may take over */
  const release = () => {
    pressed.current = false;
    load();
  };
  return cloneElement(props.trigger as ReactElement<Record<string, unknown>>, {
    ref: trigger,
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: () => {
      pointerInside.current = true;
      load();
    },
    onPointerLeave: () => {
      pointerInside.current = false;
    },
    onFocus: () => {
      focused.current = true;
      load();
    },
    onBlur: () => {
      focused.current = false;
    },
    // the press opens the menu once its code is here and the press is over
    onPointerDown: () => {
      pressed.current = true;
      setClicked(true);
      void loadImpl();
      // wherever the button goes up; the click, if it went up on this trigger, comes in the same task
      const up = () => setTimeout(release, 0);
      window.addEventListener('pointerup', up, { once: true, capture: true });
      window.addEventListener('pointercancel', up, { once: true, capture: true });
    },
    onClick: () => {
      setClicked(true);
      release();
    },
  });
}

/*
 * The entries render only inside an open menu, so only once MenuImpl.tsx has loaded; they take its
 * components from the loaded module.
 */
export function MenuItem(props: Parameters<Impl['MenuItem']>[0]) {
  return impl ? <impl.MenuItem {...props} /> : null;
}

export function MenuLink(props: Parameters<Impl['MenuLink']>[0]) {
  return impl ? <impl.MenuLink {...props} /> : null;
}

export function MenuSeparator() {
  return impl ? <impl.MenuSeparator /> : null;
}

export function MenuLabel(props: Parameters<Impl['MenuLabel']>[0]) {
  return impl ? <impl.MenuLabel {...props} /> : null;
}
