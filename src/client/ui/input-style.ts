// The look of a text input is the `input` layer style (panda.config.ts): write
// `css({ layerStyle: 'input', … })`. This name stays for the screens that still spread it.
export const inputStyle = { layerStyle: 'input' } as const
