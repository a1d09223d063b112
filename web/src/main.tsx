import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';

function App() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-brand-50">
      <h1 className="text-3xl font-bold text-brand-600">Cuepoint</h1>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
