/** The address of Scalar's browser build, copied beside the built client (vite.config.ts). */
declare module 'virtual:scalar-standalone' {
  const url: string;
  export default url;
}
