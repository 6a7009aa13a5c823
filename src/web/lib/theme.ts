export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'rampart-theme';
export const DEFAULT_THEME: Theme = 'dark';

export function parseTheme(value: string | null | undefined): Theme {
  return value === 'light' || value === 'dark' ? value : DEFAULT_THEME;
}

export function otherTheme(theme: Theme): Theme {
  return theme === 'dark' ? 'light' : 'dark';
}

/** Storage can throw (privacy modes, disabled cookies); the theme then simply is not remembered. */
export function readStoredTheme(): Theme {
  try {
    return parseTheme(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return DEFAULT_THEME;
  }
}

export function storeTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Nothing to do: the choice lasts for this page only.
  }
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.remove(otherTheme(theme));
  root.classList.add(theme);
}
