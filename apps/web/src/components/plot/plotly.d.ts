// plotly.js is aliased to plotly.js-basic-dist-min, which ships no types; the chart passes it
// to react-plotly.js's factory only.
declare module 'plotly.js' {
  const Plotly: object;
  export default Plotly;
}
