import { render } from 'preact';
import { App } from './app';
import './style.css';
import './layout.css';
import './memories.css';
import './views.css';
import './insights.css';
import './settings.css';

const root = document.getElementById('app');
if (root) render(<App />, root);
