import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startLocale } from '@web/lib/i18n/locale-store';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import './index.css';

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
}

// The first screen waits for its language's catalog, so it never shows in English first.
startLocale().then(render, render);
