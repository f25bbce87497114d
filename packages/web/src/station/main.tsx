import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StationApp } from './station-app';
import './station.css';

const container = document.getElementById('station-root');
if (!container) throw new Error('station.html has no #station-root element');

createRoot(container).render(
  <StrictMode>
    <StationApp />
  </StrictMode>,
);
