// Vite asset imports used by the renderer (tsconfig.web.json has no vite/client types).
declare module '*?url' {
  const url: string
  export default url
}

declare module '*.css'
