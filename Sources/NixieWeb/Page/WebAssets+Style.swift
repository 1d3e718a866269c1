extension WebAssets {
  /// The style sheet: dark like the tubes' glass, one column that fits a phone of 320 px.
  /// Every control is a touch target of at least 44 × 44 px (2.75rem; WCAG 2.5.5, Apple's
  /// guidelines), and a number keeps its unit on its line (`.group`).
  public static let style = """
    :root { color-scheme: dark; --glass: #120d0b; --lit: #ff8c2a; --text: #e8e0d8; --dim: #9a8f86; --target: 2.75rem; }
    * { box-sizing: border-box; }
    body { margin: 0; background: \(background); color: var(--text); font: 16px/1.4 system-ui, sans-serif; }
    header { display: flex; align-items: center; gap: 1rem; padding: .5rem 1rem; border-bottom: 1px solid #2a221e; }
    h1 { font-size: 1.2rem; margin: 0; color: var(--lit); letter-spacing: .1em; }
    h2 { font-size: 1rem; margin: 0 0 .5rem; color: var(--dim); font-weight: 600; }
    .status { color: var(--dim); font-size: .9rem; flex: 1; }
    main { max-width: 48rem; margin: 0 auto; padding: 1rem; }
    .tubes svg { width: 100%; height: auto; display: block; }
    .tubes .lit, .tubes .glow { transition: opacity 40ms linear; }
    section { background: var(--glass); border: 1px solid #2a221e; border-radius: .5rem; padding: .75rem 1rem; margin: .75rem 0; }
    .row { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; }
    .row + .row { margin-top: .5rem; }
    .group { display: inline-flex; align-items: center; gap: .4rem; white-space: nowrap; }
    input, select, button { font: inherit; color: inherit; background: #1d1714; border: 1px solid #3a302a; border-radius: .35rem; padding: .4rem .6rem; min-height: var(--target); min-width: var(--target); accent-color: var(--lit); }
    input[type=range] { flex: 1; min-width: 8rem; padding: 0; background: none; border: 0; }
    input#faces, input#show-value, select#timezone { flex: 1; min-width: 11rem; }
    input[type=number] { width: 5rem; }
    input[type=color] { width: 3.5rem; padding: .2rem; }
    input[type=checkbox] { width: 1.75rem; height: 1.75rem; min-height: 0; min-width: 0; margin: 0; accent-color: var(--lit); }
    label.check { display: inline-flex; align-items: center; gap: .5rem; min-height: var(--target); min-width: var(--target); cursor: pointer; }
    output { white-space: nowrap; min-width: 3.5em; }
    button { background: #3a2414; border-color: #7a4a22; cursor: pointer; padding: .4rem 1rem; }
    button:disabled, input:disabled, select:disabled { opacity: .5; cursor: not-allowed; }
    button.quiet { background: none; }
    .hint { color: var(--dim); font-size: .85rem; margin: .4rem 0 0; }
    .message { margin: .5rem 0 0; }
    .message:empty { margin: 0; }
    .message.bad { color: #ff6b5a; }
    .message.good { color: #8fd18f; }
    .screen-reader { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip-path: inset(50%); white-space: nowrap; border: 0; }
    #alarm-status.ringing { color: var(--lit); font-weight: 700; }
    .alarm { border: 0; border-top: 1px solid #2a221e; margin: .5rem 0 0; padding: .5rem 0 0; }
    .alarm legend { color: var(--dim); font-size: .9rem; padding: 0; }
    .alarm .days { gap: 0 .25rem; }
    .alarm .days label.check { gap: .2rem; min-width: 0; font-size: .9rem; }
    .alarm input.tune { flex: 1; min-width: 8rem; }
    .alarm label.duration { display: flex; align-items: center; gap: .35rem; font-size: .9rem; color: var(--dim); }
    .wear-tube { margin: .5rem 0 .75rem; }
    .wear-tube p { margin: 0 0 .25rem; font-size: .9rem; }
    .wear-bars { display: flex; align-items: flex-end; gap: 2px; height: 4rem; border-bottom: 1px solid #3a302a; }
    .wear-bars span { flex: 1; min-width: 0; background: #7a4a22; min-height: 1px; }
    .wear-bars span.lag { background: var(--lit); }
    .wear-names { display: flex; gap: 2px; font-size: .75rem; color: var(--dim); }
    .wear-names span { flex: 1; min-width: 0; text-align: center; overflow: hidden; }
    .wear-names span.lag { color: var(--lit); font-weight: 700; }
    .login { display: flex; flex-direction: column; gap: .75rem; max-width: 20rem; margin: 2rem auto; }
    """
}
