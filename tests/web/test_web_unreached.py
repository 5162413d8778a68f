"""A database that does not answer (its server stopped or restarting, a lock held past
its timeout, a full disk) is said as such: 503 with ``Retry-After``, in the visitor's
language, nothing saved and nothing lost; the same form is taken once it answers again.
The service worker's part (the form kept in the phone's outbox) is in
tests/browser/test_browser_outbox.py."""

from __future__ import annotations

from support import database_down
from web_support import SEED_001_DEAL


def test_a_database_that_does_not_answer_is_said_and_nothing_is_lost(app, client, site):
    token = site.new_match()
    assert site.save_deal(token, SEED_001_DEAL, went_out="0").status_code == 302
    form = site.deal_data(token, SEED_001_DEAL, went_out="0")
    with database_down(app):
        board = client.get(f"/m/{token}", headers={"Accept-Language": "fr"})
        sent = client.post(f"/m/{token}/deals/new", data=form,
                           headers={"Accept-Language": "fr"})
    for answer in (board, sent):
        assert answer.status_code == 503
        assert answer.headers["Retry-After"] == "5"
        assert answer.headers["X-Scorekeeper-Unavailable"] == "database"
        page = answer.get_data(as_text=True)
        assert "Indisponible pour le moment" in page, page[-1500:]
        assert ("Les scores sont inaccessibles pour le moment\u202f: rien n’a été "
                "enregistré. Réessayez dans 5\u00a0s.") in page
    assert site.board(token).count('class="deal"') == 1  # the deal sent was not saved
    again = client.post(f"/m/{token}/deals/new", data=form)  # the same form, once it answers
    assert again.status_code == 302
    assert site.board(token).count('class="deal"') == 2
    assert client.post(f"/m/{token}/deals/new", data=form).status_code == 302  # its key spent
    assert site.board(token).count('class="deal"') == 2



def _migrated_to(url: str, revision: str) -> None:
    """The database at ``url`` taken down (or up) to ``revision`` of the migrations."""
    from alembic import command

    from scorekeeper.db import alembic_config, make_engine

    engine = make_engine(url)
    try:
        with engine.begin() as connection:
            config = alembic_config(url)
            config.attributes["connection"] = connection
            if revision == "head":
                command.upgrade(config, revision)
            else:
                command.downgrade(config, revision)
    finally:
        engine.dispose()


def test_a_database_behind_the_code_says_it_needs_upgrading(app, client, site, db_url,
                                                            caplog):
    """Served without ``scorekeeper db upgrade`` (a plain WSGI server): every page that
    reads what the last migration added answers 503 saying the database needs upgrading,
    in the visitor's language, and the log says so; not a database that does not answer.
    Once upgraded, the same form is taken."""
    from scorekeeper.db import get_db

    token = site.new_match()
    form = site.deal_data(token, SEED_001_DEAL, went_out="0")
    get_db(app).engine.dispose()
    _migrated_to(db_url, "0008")  # a match's tally (0009) and all after it: not there yet
    try:
        sent = client.post(f"/m/{token}/deals/new", data=form,
                           headers={"Accept-Language": "it"})
        assert sent.status_code == 503
        assert sent.headers["Retry-After"] == "60"
        assert sent.headers["X-Scorekeeper-Unavailable"] == "database"  # the phone keeps it
        assert ("Il database ha bisogno di «scorekeeper db upgrade»: non è stato salvato "
                "niente.") in sent.get_data(as_text=True)
        logged = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
        assert logged[-1].startswith("the database's schema is older than this code's: run "
                                     "`scorekeeper db upgrade` (POST /m/")
        assert not any("did not answer" in line for line in logged)
    finally:
        get_db(app).engine.dispose()
        _migrated_to(db_url, "head")
    assert client.post(f"/m/{token}/deals/new", data=form).status_code == 302
    assert site.board(token).count('class="deal"') == 1


def test_a_current_schema_is_asked_once_per_process(app):
    """The revision is read only after a failure, and a schema found current is not
    asked again: a database that then stops answering is said as not answering."""
    from scorekeeper.db import get_db

    database = get_db(app)
    assert database.schema_behind() is False
    with database_down(app):
        assert database.schema_behind() is False
    gone = type(database)("sqlite:////nonexistent/folder/scores.sqlite3")
    try:
        assert gone.schema_behind() is None  # cannot be asked: not said to be behind
    finally:
        gone.engine.dispose()
