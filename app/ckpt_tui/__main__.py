from ckpt_tui.cli.entry import main

raise SystemExit(main())
