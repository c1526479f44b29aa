"""A tiny command for the mkdocs-click fixture."""
import click


@click.command()
@click.option("--name", default="world", help="Who to greet.")
def main(name):
    """Greet someone."""
    click.echo(f"Hello {name}")
