import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyTheme, readStoredTheme } from './lib/theme';
import './styles.css';

// Before the first render, so a light-theme user never sees a dark frame (the CSP forbids an inline script for this).
applyTheme(readStoredTheme());

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
