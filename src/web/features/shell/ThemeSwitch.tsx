import { Monitor, Moon, Sun } from 'lucide-react';
import { useState } from 'react';
import { IconButton } from '../../ui/IconButton.tsx';
import { applyTheme, nextTheme, readTheme, type ThemeChoice } from './theme.ts';

const LABEL: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** One button cycling System -> Light -> Dark; its name says the current theme and the next one. */
export function ThemeSwitch() {
  const [choice, setChoice] = useState<ThemeChoice>(readTheme);
  const next = nextTheme(choice);
  const Icon = choice === 'light' ? Sun : choice === 'dark' ? Moon : Monitor;
  return (
    <IconButton
      size="md"
      label={`Theme: ${LABEL[choice]}. Switch to ${LABEL[next]}`}
      title={`Theme: ${LABEL[choice]}`}
      icon={<Icon size={18} aria-hidden="true" />}
      onClick={() => {
        applyTheme(next);
        setChoice(next);
      }}
    />
  );
}
