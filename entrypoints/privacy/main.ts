/**
 * The privacy policy as the extension ships it (PRIVACY.md, PRIVACY.zh-CN.md), opened from
 * Settings. Bundled rather than linked: it is the policy of exactly this version, and opening
 * it sends nothing anywhere.
 */
import en from '../../PRIVACY.md?raw';
import zh from '../../PRIVACY.zh-CN.md?raw';
import { renderMarkdown } from './markdown';
import './style.css';

const wanted = new URLSearchParams(location.search).get('lang');
const useZh = wanted ? wanted === 'zh' : navigator.language.toLowerCase().startsWith('zh');
document.documentElement.lang = useZh ? 'zh-CN' : 'en';
document.getElementById('policy')?.appendChild(renderMarkdown(document, useZh ? zh : en));
document.title = document.querySelector('h1')?.textContent ?? document.title;
