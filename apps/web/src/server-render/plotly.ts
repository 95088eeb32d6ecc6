// The server render's plotly.js (vite.config.ts aliases it for `vite build --ssr` only): the
// server render draws each chart as plain SVG (components/plot/StaticPlot), and plotly's drawing
// replaces it in the browser, after hydration (react-plotly's component calls plotly in its
// lifecycle methods, which a server render never runs), so the server holds none of plotly's
// 1.5 MB.
export default {};
