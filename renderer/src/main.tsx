import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles/base.css';
import './styles/layout.css';
import './styles/panel.css';
import './styles/forms.css';
import './styles/stats.css';
import './styles/engineers.css';
import './styles/reports.css';
import './styles/release.css';
import './styles/audit.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
