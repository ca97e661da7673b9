"""``puzzlesolve serve``: a local web page to solve, check, hint, explain, draw and generate.

`app.create_app` builds the server; `worker` holds the work each request does; `static/`
the page (plain HTML, CSS and JavaScript modules, no build step, nothing from the internet).
"""
