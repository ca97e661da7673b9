"""``puzzlesolve serve``: a local web page to solve, check, hint, explain, draw and generate.

`app.create_app` builds the server; `requests` reads a request, `tasks` holds the work each does, `worker` runs it; `static/`
the page (plain HTML, CSS and JavaScript modules, no build step, nothing from the internet).
"""
